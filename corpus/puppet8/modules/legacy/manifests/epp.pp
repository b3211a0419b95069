class legacy::epp {
  notify { 'epp':
    message => epp('legacy/legacy.epp'),
  }
}
