# Makes a resource type of the given name, with a `value` parameter.
module PuppetX
  module Present
    module Maker
      def self.make(name)
        Puppet::Type.send(:newtype, name) do
          newparam(:name, namevar: true)
          newparam(:value)
        end
      end
    end
  end
end
