# Realizing a virtual resource declared nowhere.
@user { 'present': }
realize(User['present'])
realize(User['absent'])
