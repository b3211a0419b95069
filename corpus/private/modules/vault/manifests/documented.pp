# Internal plumbing.
#
# @api private
class vault::documented ($level = 1) { }

# @api private

class vault::not_documented { }
