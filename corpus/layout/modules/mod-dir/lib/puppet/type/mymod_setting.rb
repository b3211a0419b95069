Puppet::Type.newtype(:mymod_setting) do
  newparam(:name, namevar: true)
  newproperty(:value)
end
