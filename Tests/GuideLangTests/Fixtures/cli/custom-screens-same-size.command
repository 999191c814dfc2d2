# Two custom screens of one size with different insets are named apart, with their insets.
lint --screen 400x800 --screen 400x800@47,0,34,0 custom-screens.guide
