# A default reading a parameter whose own default comes later.
class web ($url = "http://localhost:${port}", $port = 80) {
  notify { $url: }
}
include web
