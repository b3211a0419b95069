# Ruby's \w is ASCII: an accented letter is no hostname character.
node 'café.example.com' { }
