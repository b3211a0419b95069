class legacy::top {
  notify { 'top':
    message => "family ${::osfamily}",
  }
}
