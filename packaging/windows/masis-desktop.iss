; Inno Setup 6 script: a per-machine Windows installer for the PyInstaller folder built by build.spec.
;
; Build on Windows (it cannot be built on the Linux build machine), from the repository root:
;   .venv\Scripts\pyinstaller --noconfirm --clean build.spec
;   for /f %v in ('.venv\Scripts\python -c "import masis_desktop; print(masis_desktop.__version__)"') do ^
;       "%ProgramFiles(x86)%\Inno Setup 6\ISCC.exe" /DAppVersion=%v packaging\windows\masis-desktop.iss
; Output: dist\masis-desktop-<version>-setup.exe
;
; The models (1.8 GB) are inside the folder, so the installer is large; DiskSpanning is off because one file on a
; USB stick is what air-gapped users carry. Uninstalling removes only the program folder: workspaces, history and
; settings stay in %LOCALAPPDATA%\masis-desktop (platformdirs' user data dir).

#ifndef AppVersion
  #error Pass the version from the package: ISCC /DAppVersion=X.Y.Z (masis_desktop.__version__)
#endif
#define AppName "MASIS Desktop"
#define SourceDir "..\..\dist\masis-desktop"

[Setup]
AppId={{6F7C2B1E-3D4A-4E8B-9C1D-5A6B7C8D9E0F}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=MASIS Desktop maintainers
DefaultDirName={autopf}\MASIS Desktop
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
OutputDir=..\..\dist
OutputBaseFilename=masis-desktop-{#AppVersion}-setup
UninstallDisplayIcon={app}\masis-desktop.exe
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
PrivilegesRequired=admin
; Models are already compressed as far as they go: fast LZMA2 keeps build time sane for ~1 GB of libraries.
Compression=lzma2/fast
SolidCompression=no
DiskSpanning=no
ChangesEnvironment=yes
WizardStyle=modern

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\masis-desktop.exe"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\masis-desktop.exe"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "Create a desktop shortcut"; Flags: unchecked
Name: "addtopath"; Description: "Add the masis command (masis.exe) to PATH"

[Registry]
; Appends {app} to the machine PATH so `masis` works in any new terminal (only when the task is chosen).
Root: HKLM; Subkey: "SYSTEM\CurrentControlSet\Control\Session Manager\Environment"; ValueType: expandsz; \
    ValueName: "Path"; ValueData: "{olddata};{app}"; Tasks: addtopath; Check: NeedsAddPath(ExpandConstant('{app}'))

[Run]
Filename: "{app}\masis-desktop.exe"; Description: "Start {#AppName}"; Flags: nowait postinstall skipifsilent

[Code]
const
  EnvKey = 'SYSTEM\CurrentControlSet\Control\Session Manager\Environment';

function NeedsAddPath(Dir: string): Boolean;
var
  Path: string;
begin
  if not RegQueryStringValue(HKEY_LOCAL_MACHINE, EnvKey, 'Path', Path) then
  begin
    Result := True;
    exit;
  end;
  Result := Pos(';' + Uppercase(Dir) + ';', ';' + Uppercase(Path) + ';') = 0;
end;

// On uninstall, take the app folder out of the machine PATH again (user data is left alone).
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  Path, Dir: string;
  P: Integer;
begin
  if CurUninstallStep <> usPostUninstall then
    exit;
  if not RegQueryStringValue(HKEY_LOCAL_MACHINE, EnvKey, 'Path', Path) then
    exit;
  Dir := ';' + ExpandConstant('{app}');
  P := Pos(Uppercase(Dir), Uppercase(Path));
  if P > 0 then
  begin
    Delete(Path, P, Length(Dir));
    RegWriteExpandStringValue(HKEY_LOCAL_MACHINE, EnvKey, 'Path', Path);
  end;
end;
