# modulepath: corpus/forge-modules/modules
# stdlib 9's functions on IP addresses and interfaces.

enclose_ipv6('::1')

enclose_ipv6(['10.0.0.1', 'fe80::1/64', '*', '2001:db8:0:0:1:0:0:1'])

enclose_ipv6(['::1', '::1', '0:0:0:0:0:0:0:1'])

enclose_ipv6('x')

enclose_ipv6(1)

enclose_ipv6()

enclose_ipv6('::1', '::2')

enclose_ipv6('[::1]')

enclose_ipv6('::ffff:1.2.3.4')

stdlib::ip_in_range('10.10.10.53', '10.10.10.0/24')

stdlib::ip_in_range('10.10.11.53', '10.10.10.0/24')

stdlib::ip_in_range('10.10.10.53', ['192.168.0.0/16', '10.0.0.0/8'])

stdlib::ip_in_range('::1', '10.0.0.0/8')

stdlib::ip_in_range('2001:db8::5', '2001:db8::/32')

stdlib::ip_in_range('10.0.0.1', '10.0.0.1')

stdlib::ip_in_range('x', '10.0.0.0/8')

stdlib::ip_in_range('10.0.0.1', 'y')

stdlib::ip_in_range('10.0.0.1', 1)

stdlib::ip_in_range('10.0.0.1', '10.0.0.0/255.0.0.0')

has_ip_address('10.0.0.1')

has_ip_network()

has_ip_address()

stdlib::has_interface_with('eth0')

stdlib::has_interface_with('ipaddress', '10.0.0.1')

stdlib::has_interface_with('x', '10.0.0.1')
