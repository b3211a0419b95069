class legacy::hiera (
  String $source,
  String $top,
  String $plain,
  String $structured,
) {
  notify { 'hiera':
    message => "${source} / ${top} / ${plain} / ${structured}",
  }
}
