define present::thing { }
