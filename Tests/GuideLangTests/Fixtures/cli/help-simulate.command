# The help of 'simulate': its synopsis, what it does and its options.
help simulate
