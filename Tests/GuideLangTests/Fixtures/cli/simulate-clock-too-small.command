# A clock far below zero is out of range on the negative side, and the message says so.
simulate clean.guide --scenario negative-clock.json
