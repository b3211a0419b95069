# Under Puppet 8 the module is left out: its Ruby functions are unknown.
notify { greet(): }
