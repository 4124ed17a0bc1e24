# Build goldnet's desktop bundle on Windows: one command, everything under dist\.
#
#   powershell -ExecutionPolicy Bypass -File tools\build-bundle.ps1
#   ($env:PYTHON = "py -3.12" first for another Python)
#
# The same steps as tools/build-bundle.sh: a build environment build\bundle-venv with
# '.[bundle]'; the translations compiled (python -m ui.i18n release); the wheel built into
# dist\ and installed there; the icon set rendered (tools\render_icons.py); PyInstaller with
# packaging\goldnet.spec; then dist\goldnet-V-windows-ARCH.zip holding the folder goldnet\
# (goldnet.exe: the command line; goldnetw.exe: the window, without a console).
# The last line printed is the zip's path. See docs\install.md, "Building a bundle".
$ErrorActionPreference = "Stop"
$root = Resolve-Path (Join-Path $PSScriptRoot "..")
Set-Location $root

function Invoke-Checked {
    param([string]$Exe, [string[]]$Arguments)
    & $Exe @Arguments
    if ($LASTEXITCODE -ne 0) { throw "$Exe $($Arguments -join ' ') failed ($LASTEXITCODE)" }
}

$venv = "build\bundle-venv"
$py = Join-Path $root "$venv\Scripts\python.exe"
if (-not (Test-Path $py)) {
    $base = if ($env:PYTHON) { $env:PYTHON -split " " } else { @("python") }
    $baseArgs = @()
    if ($base.Count -gt 1) { $baseArgs = $base[1..($base.Count - 1)] }
    Invoke-Checked $base[0] ($baseArgs + @("-m", "venv", $venv))
}
Write-Host "== dependencies, PyInstaller"
Invoke-Checked $py @("-m", "pip", "install", "-q", ".[bundle]")
Write-Host "== translations"
Invoke-Checked $py @("-m", "ui.i18n", "release")
Write-Host "== wheel"
$version = (& $py -c "import goldnet; print(goldnet.__version__)").Trim()
Remove-Item "dist\goldnet-$version-*.whl" -ErrorAction SilentlyContinue
Invoke-Checked $py @("-m", "build", "--wheel", "--outdir", "dist", ".")
$wheel = (Get-ChildItem "dist\goldnet-$version-*.whl")[0].FullName
Invoke-Checked $py @("-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", $wheel)
# the .qm were compiled for the wheel only: a checkout compiles them into the user cache
Remove-Item "resources\translations\*.qm" -ErrorAction SilentlyContinue
Write-Host "== icons"
if (Test-Path "build\icons") { Remove-Item -Recurse -Force "build\icons" }
Invoke-Checked $py @("tools\render_icons.py", "build\icons")
Write-Host "== PyInstaller"
if (Test-Path "dist\goldnet") { Remove-Item -Recurse -Force "dist\goldnet" }
Push-Location build
try {
    Invoke-Checked $py @("-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
        "--distpath", "$root\dist", "--workpath", "$root\build\pyinstaller",
        "$root\packaging\goldnet.spec")
} finally { Pop-Location }
$arch = if ([Environment]::Is64BitOperatingSystem) { "x86_64" } else { "x86" }
if ($env:PROCESSOR_ARCHITECTURE -eq "ARM64") { $arch = "arm64" }
$out = "dist\goldnet-$version-windows-$arch.zip"
if (Test-Path $out) { Remove-Item -Force $out }
Compress-Archive -Path "dist\goldnet" -DestinationPath $out
Write-Output $out
