# An output in a folder that does not exist: the message names the folder, in guidec's words,
# not the temporary file the atomic write would have made.
build clean.guide -o no-such-folder/out.json
