class profile::lists (
  Array[String] $names = [],
  Hash[String, Integer] $limits = {},
) {
  notify { "lists ${names} ${limits}": }
}
