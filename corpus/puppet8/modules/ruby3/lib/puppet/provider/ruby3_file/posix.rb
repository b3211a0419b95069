Puppet::Type.type(:ruby3_file).provide(:posix) do
  desc <<-DOC
    Writes a file unless File.exists? says it is there; taint is not used.
  DOC

  # File.exists? is mentioned here, in a comment.
  def exists?
    File.exists?(resource[:path])
  end

  def message
    'File.exists? in a string' + "Dir.exists? #{resource[:path]}"
  end

  def dup
    other = super
    other.taint if tainted?
    other
  end
end
