include db
