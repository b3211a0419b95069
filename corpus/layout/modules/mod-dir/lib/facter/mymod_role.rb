# A custom fact of the module: a name Puppet's top scope will have.
Facter.add(:mymod_role) do
  setcode { 'web' }
end
