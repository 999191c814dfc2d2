# help of an unknown command suggests the closest.
help biuld
