# A stand-in for stdlib's assert_private(): only its name matters to pfacts.
module Puppet::Parser::Functions
  newfunction(:assert_private, doc: 'Fails unless called from the module of the class.') do |_args|
  end
end
