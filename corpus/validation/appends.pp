$packages = ['git']
$packages += ['curl']
