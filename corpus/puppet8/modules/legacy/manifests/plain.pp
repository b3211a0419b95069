class legacy::plain {
  notify { 'plain':
    message => "system ${operatingsystem}",
  }
}
