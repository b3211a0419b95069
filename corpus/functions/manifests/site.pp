# Built-in and stdlib functions, each giving a notify's message; Puppet 7
# with the Debian corpus' stdlib compiles the expected catalog.
node default {
  include fixture
}
