import PortalService

PortalMain.main()
