class legacy::hash {
  if $facts['osfamily'] == 'Debian' {
    notify { 'hash: debian family': }
  }
  notify { 'hash':
    message => "cpus ${facts['processorcount']}, eth0 ${facts['ipaddress_eth0']}",
  }
}
