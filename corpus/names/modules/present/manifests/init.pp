class present { }
