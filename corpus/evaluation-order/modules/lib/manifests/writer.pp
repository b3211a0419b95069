class lib::writer {
  include lib::conf
}
