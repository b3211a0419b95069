# A fact that Puppet 8's agent no longer resolves: Dir.exists? is gone.
Facter.add(:has_ovs) do
  setcode do
    Dir.exists?('/etc/openvswitch') || File.exist?('/usr/bin/ovs-vsctl')
  end
end
