class db {
  notify { 'db': }
}
