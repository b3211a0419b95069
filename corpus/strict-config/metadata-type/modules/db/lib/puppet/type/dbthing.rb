# A resource type of a module whose metadata.json does not parse.
Puppet::Type.newtype(:dbthing) do
  newparam(:name, namevar: true)
  newparam(:size)
end
