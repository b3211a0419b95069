module PuppetX
  module Ruby3
    # Numbers, as Ruby 2.7 named them.
    NUMBERS = [Bignum, :Fixnum, Integer].freeze
  end
end
