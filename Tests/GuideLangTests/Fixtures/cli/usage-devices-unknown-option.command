# devices reads its options as every command does: an unknown one is called an option, with a did-you-mean.
devices -x
