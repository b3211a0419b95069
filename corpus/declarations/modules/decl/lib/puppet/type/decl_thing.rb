Puppet::Type.newtype(:decl_thing) do
  @doc = 'A type of the fixture, for its parameters.'
  newparam(:name, namevar: true)
  newproperty(:size)
end
