# help shows one command; a second is refused, not ignored.
help build check
