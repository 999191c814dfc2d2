# A folder named to fmt that holds no .guide file is an error, not a silent success: it is most
# likely the wrong folder.
fmt --check ../runtime
