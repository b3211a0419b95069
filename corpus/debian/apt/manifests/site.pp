include apt
