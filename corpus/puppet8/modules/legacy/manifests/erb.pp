class legacy::erb {
  notify { 'erb':
    message => template('legacy/legacy.erb'),
  }
}
