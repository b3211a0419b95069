Puppet::Type.newtype(:present_setting) do
  newparam(:name, namevar: true)
end
