# Suppression comments, each kind once; the findings the snapshot keeps
# are the ones that stay.

# At the end of a line: silences its own line only.
include missing::one  # pfacts:ignore unknown-class -- vendored in another repository

# On a line of its own: silences the whole next statement.
# pfacts:ignore unknown-class, unknown-function -- legacy profile, removed with the old roles
class profile::legacy {
  include missing::two
  $x = no_such_function(1)
}

# A block.
# pfacts:ignore-start unknown-class -- old roles, kept until the migration ends
include missing::three
include missing::four
# pfacts:ignore-end

# Still reported: a suppression of another rule on this line.
include missing::five  # pfacts:ignore unknown-function -- wrong rule for the finding

# bad-suppression: no reason (it still silences), a misspelt rule.
include missing::six  # pfacts:ignore unknown-class
include missing::seven  # pfacts:ignore unknwon-class -- typo in the rule name

# unused-suppression: nothing to silence on its line.
notice('fine')  # pfacts:ignore unknown-function -- was a custom function once

# bad-suppression: an end without a start.
# pfacts:ignore-end

# bad-suppression: a block never closed (it silences nothing).
# pfacts:ignore-start unknown-class -- never closed
include missing::eight

node default {
  include missing::nine
  # unused-suppression: no statement follows it.
  # pfacts:ignore unknown-class -- nothing after this comment
}
