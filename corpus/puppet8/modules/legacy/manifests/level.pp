class legacy::level (String $source) {
  notify { 'level':
    message => "from ${source}",
  }
}
