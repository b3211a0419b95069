class profile {}
