private define vault::helper { }
