# explain suggests the closest code.
explain gl030
