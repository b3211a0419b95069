# A namespace segment starts with a letter; only the last may start with `_`.
notice($_a::b)
