node "web${id}.example.com" { }
