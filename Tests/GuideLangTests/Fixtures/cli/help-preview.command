# The help of 'guidec preview': its outputs and options.
help preview
