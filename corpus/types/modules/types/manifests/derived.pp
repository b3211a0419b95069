class types::derived (
  String $user,
  String $home,
  String $repositories = "${home}/repositories",
) {
  notify { $repositories: }
}
