# Internal plumbing.
#
# @api private
class vault::documented { }

# @api private

class vault::not_documented { }
