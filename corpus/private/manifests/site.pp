# A private top-scope variable: visible in top scope only.
private $secret = 'only here'

node default {
  include vault::internal
  include app
  # Private to top scope: node scope does not see it.
  notice($::secret)
}
