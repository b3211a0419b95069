class decl::nodes { }

# A node definition in a module's file: Puppet refuses the file.
node 'stray.example.com' { }
