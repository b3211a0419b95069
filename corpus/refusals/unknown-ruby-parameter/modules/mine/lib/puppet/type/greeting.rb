# A resource type of our own, written in Ruby, with one parameter and one
# property.
Puppet::Type.newtype(:greeting) do
  newparam(:name, namevar: true)
  newproperty(:text)
end
